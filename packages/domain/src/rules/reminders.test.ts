import { describe, expect, test } from 'vitest';
import {
  countdownThreshold,
  elapsedThreshold,
  parseReminderDays,
  readReminderDaysInput,
  repeatingReminder,
  unansweredRequestHours,
  unansweredRequestHoursErrors,
} from './reminders';

describe('reminder thresholds', () => {
  test("a bank's setting reads as whole positive days, largest first, without repeats", () => {
    expect(parseReminderDays('90,30,7')).toEqual([90, 30, 7]);
    expect(parseReminderDays(' 7, 90 ,30,30')).toEqual([90, 30, 7]);
    expect(parseReminderDays('0,-3,x,1.5,14')).toEqual([14]);
    expect(parseReminderDays('')).toEqual([]);
  });

  test('a countdown answers the nearest threshold crossed, nothing before the first or after the event', () => {
    const days = [90, 30, 7];
    expect(countdownThreshold(91, days)).toBeNull();
    expect(countdownThreshold(90, days)).toBe(90);
    expect(countdownThreshold(31, days)).toBe(90);
    expect(countdownThreshold(30, days)).toBe(30);
    // Seen first a week before: only the 7-day reminder, not all three at once.
    expect(countdownThreshold(5, days)).toBe(7);
    expect(countdownThreshold(0, days)).toBeNull();
    expect(countdownThreshold(-2, days)).toBeNull();
  });

  test('time passed answers the largest threshold reached', () => {
    expect(elapsedThreshold(3.9, [4, 24])).toBeNull();
    expect(elapsedThreshold(4, [4, 24])).toBe(4);
    expect(elapsedThreshold(23, [4, 24])).toBe(4);
    expect(elapsedThreshold(30, [4, 24])).toBe(24);
  });

  test('a repeating reminder counts the weeks after the first', () => {
    expect(repeatingReminder(13.9, 14, 7)).toBeNull();
    expect(repeatingReminder(14, 14, 7)).toBe(0);
    expect(repeatingReminder(20.9, 14, 7)).toBe(0);
    expect(repeatingReminder(21, 14, 7)).toBe(1);
    expect(repeatingReminder(35, 14, 7)).toBe(3);
  });

  test("an admin's input reads as one to five different whole days, or not at all", () => {
    expect(readReminderDaysInput('90, 30, 7')).toEqual([90, 30, 7]);
    expect(readReminderDaysInput('7 90;30')).toEqual([90, 30, 7]);
    expect(readReminderDaysInput(' 14 ')).toEqual([14]);
    for (const wrong of ['', ' , ', '0', '731', '30, 30', '1.5', '-7', '30 days', '1,2,3,4,5,6']) {
      expect(readReminderDaysInput(wrong)).toBeNull();
    }
    expect(readReminderDaysInput('730')).toEqual([730]);
  });

  test("a bank's hours for unanswered requests: its own when both are set, else the defaults", () => {
    expect(unansweredRequestHours({ remind: null, escalate: null })).toEqual({ remind: 4, escalate: 24 });
    expect(unansweredRequestHours({ remind: 1, escalate: null })).toEqual({ remind: 4, escalate: 24 });
    expect(unansweredRequestHours({ remind: 1, escalate: 2 })).toEqual({ remind: 1, escalate: 2 });
  });

  test('hours an admin sets: whole hours from 1 to 168, the escalation after the reminder', () => {
    expect(unansweredRequestHoursErrors({ remind: 1, escalate: 168 })).toEqual([]);
    const fields = (remind: unknown, escalate: unknown) =>
      unansweredRequestHoursErrors({ remind, escalate }).map(({ field, message }) => `${field} ${message}`);
    expect(fields(0, 169)).toEqual([
      'unansweredRequestHours.remind must be between 1 and 168',
      'unansweredRequestHours.escalate must be between 1 and 168',
    ]);
    expect(fields(1.5, 4)).toEqual(['unansweredRequestHours.remind must be between 1 and 168']);
    expect(fields(4, '')).toEqual(['unansweredRequestHours.escalate must be between 1 and 168']);
    for (const escalate of [4, 3]) {
      expect(fields(4, escalate)).toEqual([
        'unansweredRequestHours.escalate must be more hours than the first reminder',
      ]);
    }
  });
});
