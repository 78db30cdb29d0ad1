//! Seat clocks and stand-ins in headless Chromium.
