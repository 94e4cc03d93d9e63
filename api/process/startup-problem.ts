/**
 * Something an operator must fix before the service can start (configuration, the data folder). The message is the
 * whole story (which variable or path, what is wrong, what to do), so it is printed as it is, without a stack trace.
 */
export class StartupProblem extends Error {
  override name = 'StartupProblem';
}

/** What the public port's listener failing means to an operator, or the error itself when it is something else. */
export function listenProblem(error: NodeJS.ErrnoException, port: number): Error {
  if (error.code === 'EADDRINUSE')
    return new StartupProblem(
      `PORT ${port} is already in use: stop whatever listens there, or set PORT to a free port.`,
    );
  if (error.code === 'EACCES')
    return new StartupProblem(`PORT ${port} needs privileges this user lacks: set PORT to 1024 or above.`);
  return error;
}
