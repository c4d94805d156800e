import Testing

/// The code samples of the articles in the Uniflow documentation catalog.
///
/// Each article's samples live in a suite named after the article, as the article shows them,
/// so that a sample that no longer compiles, or no longer does what its article says, fails the
/// build. Change both together.
///
/// A test keeps its observation tokens to its end with `withExtendedLifetime`: an optimized
/// build may release a token right after its last use.
@Suite struct DocumentationSampleTests {}
