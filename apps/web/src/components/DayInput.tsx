import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { useTranslation } from 'react-i18next';

/**
 * A calendar day as the app writes it, `yyyy-mm-dd`, typed or picked, in every language: the
 * browser's own date field would show its locale's form (`mm/dd/yyyy`). Month and day names follow
 * the reader's language; weeks start on Monday.
 */
export function DayInput(props: Omit<DateInputProps, 'valueFormat'>) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateInput
        valueFormat="YYYY-MM-DD"
        placeholder="yyyy-mm-dd"
        clearButtonProps={{ 'aria-label': t('common.clearDate') }}
        ariaLabels={{
          previousMonth: t('common.calendar.previousMonth'),
          nextMonth: t('common.calendar.nextMonth'),
          previousYear: t('common.calendar.previousYear'),
          nextYear: t('common.calendar.nextYear'),
          previousDecade: t('common.calendar.previousDecade'),
          nextDecade: t('common.calendar.nextDecade'),
          monthLevelControl: t('common.calendar.monthLevelControl'),
          yearLevelControl: t('common.calendar.yearLevelControl'),
        }}
        {...props}
      />
    </DatesProvider>
  );
}
