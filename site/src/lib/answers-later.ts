/**
 * The public pages' answers, each loaded with the first request that reads it. Their schemas need zod, which the
 * signed-in app ships anyway, but a visitor reading about the cards should not download it (auth/password.ts):
 * callApi starts the load as it sends the request, so it arrives while the request is under way.
 */
export const messageAnswerLater = () => import('../../../contract/message').then((m) => m.messageAnswer);
export const registerAnswerLater = () => import('../../../contract/message').then((m) => m.registerAnswer);
export const loginAnswerLater = () => import('../../../contract/user').then((m) => m.loginAnswer);
export const checkoutAnswerLater = () => import('../../../contract/checkout').then((m) => m.checkoutAnswer);
