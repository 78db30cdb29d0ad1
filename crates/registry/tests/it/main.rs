//! The registry's integration tests: one test binary, one module per subject.

mod corpus;
