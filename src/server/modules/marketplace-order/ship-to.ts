import { shipToLines } from '../../../shared/marketplace-order';

export { shipToLines };

/** Where an order goes: the buyer's name, phone and address, as the marketplace gives them. */
export interface ShipTo {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166 two letters (US, DE…). */
  country: string;
}

/** The order row's columns of a ship-to address. */
export function shipToColumns(to: Partial<ShipTo> | undefined) {
  return {
    shipName: to?.name ?? '',
    shipPhone: to?.phone ?? '',
    shipAddress1: to?.address1 ?? '',
    shipAddress2: to?.address2 ?? '',
    shipCity: to?.city ?? '',
    shipState: to?.state ?? '',
    shipPostalCode: to?.postalCode ?? '',
    shipCountry: to?.country ?? '',
  };
}

/** Streets, cities and phones of each site's country, for the sandbox's buyers. */
const PLACES: Record<
  string,
  { street: string; city: string; state: string; postal: string; phone: string }[]
> = {
  US: [
    {
      street: '1600 Pennsylvania Ave',
      city: 'Seattle',
      state: 'WA',
      postal: '98101',
      phone: '+1 206-555-0143',
    },
    {
      street: '350 Fifth Avenue',
      city: 'New York',
      state: 'NY',
      postal: '10118',
      phone: '+1 212-555-0178',
    },
    {
      street: '2211 N First St',
      city: 'San Jose',
      state: 'CA',
      postal: '95131',
      phone: '+1 408-555-0121',
    },
  ],
  CA: [
    {
      street: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'ON',
      postal: 'M5V 3L9',
      phone: '+1 416-555-0199',
    },
  ],
  MX: [
    {
      street: 'Av. Paseo de la Reforma 222',
      city: 'Ciudad de México',
      state: 'CDMX',
      postal: '06600',
      phone: '+52 55 5555 0123',
    },
  ],
  UK: [
    {
      street: '221B Baker Street',
      city: 'London',
      state: '',
      postal: 'NW1 6XE',
      phone: '+44 20 7946 0958',
    },
  ],
  DE: [
    {
      street: 'Friedrichstraße 43',
      city: 'Berlin',
      state: '',
      postal: '10117',
      phone: '+49 30 5555 0147',
    },
  ],
  FR: [
    {
      street: '5 Avenue Anatole France',
      city: 'Paris',
      state: '',
      postal: '75007',
      phone: '+33 1 55 55 01 23',
    },
  ],
  IT: [
    {
      street: 'Via del Corso 12',
      city: 'Roma',
      state: 'RM',
      postal: '00186',
      phone: '+39 06 5555 0123',
    },
  ],
  ES: [
    {
      street: 'Calle de Alcalá 48',
      city: 'Madrid',
      state: 'M',
      postal: '28014',
      phone: '+34 91 555 0123',
    },
  ],
  JP: [
    {
      street: '1-1 Marunouchi, Chiyoda-ku',
      city: 'Tokyo',
      state: 'Tokyo',
      postal: '100-0005',
      phone: '+81 3-5555-0123',
    },
  ],
  AU: [
    {
      street: '1 Macquarie St',
      city: 'Sydney',
      state: 'NSW',
      postal: '2000',
      phone: '+61 2 5555 0123',
    },
  ],
};

/**
 * The sandbox buyer's ship-to address in the site's country: its street and phone picked by
 * `n` (the same order keeps the same address), its name the buyer's. The phone numbers are the
 * countries' reserved fictional ranges (555…).
 */
export function sandboxShipTo(site: string, buyer: string, n: number): ShipTo {
  const places = PLACES[site] ?? PLACES.US!;
  const place = places[Math.abs(n) % places.length]!;
  return {
    name: buyer,
    phone: place.phone,
    address1: place.street,
    address2: n % 3 === 0 ? `Apt ${(Math.abs(n) % 40) + 1}` : '',
    city: place.city,
    state: place.state,
    postalCode: place.postal,
    country: site === 'UK' ? 'GB' : site,
  };
}
