//! Tests of the catalogs, the pictures and a third chat platform's place in the id space, in one
//! test binary.

mod i18n_catalogs;
mod render_pixels;
mod third_platform;
