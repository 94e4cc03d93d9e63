export { createLocalProvider, type LocalProvider, type LocalProviderOptions } from './provider';
