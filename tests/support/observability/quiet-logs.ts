import { log } from '../../../observability/log';

// Tests that expect an error would otherwise fill the run's output with JSON lines; a test that reads the logs
// captures them (tests/support/observability/logs.ts), which turns them back on for its duration.
log.level = 'silent';
