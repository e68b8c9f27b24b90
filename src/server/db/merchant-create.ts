/**
 * `npm run merchant:create -- --name "Tea house" --owner teahouse [--code teahouse] [--password …]`: a new merchant
 * and its owner account, without SQL. Asks for what is not given (on a terminal); with no password
 * given or typed, generates one and prints it once.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { countMerchants, createMerchant, generatePassword } from './merchant';
import { openReadyDatabase } from './ready';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    owner: { type: 'string' },
    code: { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'npm run merchant:create -- --name <merchant name> --owner <owner account> [--code <store code>] [--password <password>]',
  );
  process.exit(0);
}

/** Asks on the terminal; the answer is not echoed when `hidden`. */
async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) return '';
  let muted = false;
  // The terminal output goes through this, so that what is typed after the prompt can be hidden.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = hidden;
    return (await answer).trim();
  } finally {
    muted = false;
    if (hidden) process.stdout.write('\n');
    rl.close();
  }
}

const name = values.name ?? (await ask('Merchant name: '));
const owner = values.owner ?? (await ask('Owner account (sign-in name): '));
const code =
  values.code ?? (await ask('Store code, sub-accounts sign in as name@code (empty: random): '));
let password = values.password ?? process.env.MERCHANT_PASSWORD ?? '';
if (!password) password = await ask('Owner password (empty: generate one): ', true);
const generated = !password;
if (generated) password = generatePassword();

const config = loadConfig();
const { database, seed } = await openReadyDatabase(config);
try {
  if (seed.generatedPassword)
    console.log(
      `First start: created the owner "admin" with the password ${seed.generatedPassword}`,
    );
  const created = await createMerchant(database.db, {
    name,
    owner,
    password,
    ...(code ? { code } : {}),
  });
  console.log(
    `Created merchant #${created.merchant.id} "${created.merchant.name}" with its owner "${created.owner.name}"; its sub-accounts sign in as name@${created.merchant.code}.`,
  );
  if (generated) console.log(`Its password (shown only this once): ${password}`);
  console.log(`There are now ${await countMerchants(database.db)} merchants.`);
} catch (err) {
  console.error(`Could not create the merchant: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
