import { z } from 'zod/mini';
import { messageAnswer } from './message';

/** The mail a person can choose to get (issue 16): the weekly summary of their page's visits. */
export const notificationSettingsSchema = z.object({ weeklySummary: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** GET /profile/notifications. */
export const notificationsAnswer = z.object({ success: z.literal(true), data: notificationSettingsSchema });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** PUT /profile/notifications: the settings as the change left them. */
export const notificationsUpdatedAnswer = z.extend(messageAnswer, { data: notificationSettingsSchema });
export type NotificationsUpdatedAnswer = z.infer<typeof notificationsUpdatedAnswer>;
