//! Shared by the integration tests, the bench and the report.
#![allow(dead_code)]

pub mod reference;
pub mod suite;
