import { createApp } from './create-app.js';

// Optional: `-c alarmEmail=you@example.com` subscribes that address to the alarms; `-c deadlines=scheduler`
// runs phase timers on EventBridge Scheduler instead of Step Functions; `-c targetRooms=N` sizes the socket.
createApp().app.synth();
