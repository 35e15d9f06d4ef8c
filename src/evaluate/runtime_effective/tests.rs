//! Projection cases that need no API server.
