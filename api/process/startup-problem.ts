/**
 * Something an operator must fix before the service can start (configuration, the data folder). The message is the
 * whole story (which variable or path, what is wrong, what to do), so it is printed as it is, without a stack trace.
 */
export class StartupProblem extends Error {
  override name = 'StartupProblem';
}
