//! Shared by the integration tests, the bench and the report.
#![allow(dead_code)]

pub mod bitpacked;
pub mod families;
pub mod geometry;
pub mod reference;
pub mod steps;
pub mod suite;
