import { createApp } from './create-app.js';

// Optional: `npx cdk deploy -c alarmEmail=you@example.com` subscribes that address to the alarms.
createApp().app.synth();
