// What the Activity page uses of the SDK (bot/web/live/static/activity.js): the real
// client, and the SDK's own mock for tests outside Discord (LIVE_ACTIVITY_MOCK=1).
export { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
