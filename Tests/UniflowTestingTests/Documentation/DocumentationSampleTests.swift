import Testing

/// The code samples of the articles in the UniflowTesting documentation catalog.
///
/// Each article's samples live in a suite named after the article, as the article shows them,
/// so that a sample that no longer compiles, or no longer does what its article says, fails the
/// build. Change both together.
@Suite struct DocumentationSampleTests {}
