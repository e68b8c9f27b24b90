import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * antd's pickers take month and weekday names and the week's first day from dayjs's global
 * locale, not from antd's own locale: set it to the UI's language before a picker renders (the
 * browser's own date fields would show `mm/dd/yyyy` in the Chinese UI). Loaded with the pickers.
 */
export function setDayjsLocale(language: string): void {
  const wanted = language === 'en' ? 'en' : 'zh-cn';
  if (dayjs.locale() !== wanted) dayjs.locale(wanted);
}
