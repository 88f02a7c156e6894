//! Tests of the catalogs and the pictures, in one test binary.

mod i18n_catalogs;
mod render_pixels;
