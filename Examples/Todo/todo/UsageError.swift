/// A mistake on the command line: the program prints it and exits with status 2.
struct UsageError: Error, Equatable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
