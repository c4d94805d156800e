import Foundation

// The program reads its command line and environment, and hands them to its composition root,
// which builds and runs everything else.

// A reader that goes away must not kill the program: the write reports it instead.
signal(SIGPIPE, SIG_IGN)
exit(
  await AppRoot.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
