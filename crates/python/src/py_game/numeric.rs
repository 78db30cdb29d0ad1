//! The numeric side of `Game`, for learning code: the legal-action mask and the observation
//! as NumPy arrays (the form `observation_array` gives, and the generic layout's two ways of
//! writing it), what overflows the layout, and the names and vocabularies of the slots.

use super::PyGame;
use boardroom_engine::{Seat, Viewer};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

impl PyGame {
    /// `seat`'s legal-action mask as a new bool array of length `max_actions`: true at the
    /// indices of its legal actions, all false when there is no seat (the game is over).
    pub(super) fn mask_array<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<Seat>,
    ) -> Bound<'py, PyArray1<bool>> {
        let mask = PyArray1::<bool>::zeros(py, self.inner.num_actions(), false);
        if let Some(s) = seat {
            // SAFETY: the array was just created (contiguous) and no other reference to it
            // exists.
            self.inner.write_mask(
                s,
                unsafe { mask.as_slice_mut() }.expect("a new array is contiguous"),
            );
        }
        mask
    }

    /// `viewer`'s numeric observation (the game's own encoding, else the generic layout) as a
    /// new float32 array of length `observation_size`.
    pub(super) fn observation_of<'py>(
        &self,
        py: Python<'py>,
        viewer: Viewer,
    ) -> Bound<'py, PyArray1<f32>> {
        let out = PyArray1::<f32>::zeros(py, self.inner.shape().observation_size(), false);
        // SAFETY: the array was just created (contiguous) and no other reference to it exists.
        self.inner.encode(
            viewer,
            unsafe { out.as_slice_mut() }.expect("a new array is contiguous"),
        );
        out
    }

    /// `viewer`'s observation in the generic layout, written straight from the state, or with
    /// `via_json` through its JSON form (the slower reference the direct way is tested
    /// against).
    pub(super) fn generic_observation_of<'py>(
        &self,
        py: Python<'py>,
        viewer: Viewer,
        via_json: bool,
    ) -> Bound<'py, PyArray1<f32>> {
        let mut out = vec![0.0f32; self.inner.shape().layout.size()];
        if via_json {
            self.inner.encode_via_json(viewer, &mut out);
        } else {
            self.inner.encode_generic(viewer, &mut out);
        }
        PyArray1::from_vec(py, out)
    }

    /// How many values of `viewer`'s observation do not fit the layout now.
    pub(super) fn overflow_of(&self, viewer: Viewer) -> usize {
        let mut out = vec![0.0f32; self.inner.shape().observation_size()];
        self.inner.encode(viewer, &mut out)
    }

    /// What each slot of the numeric observation holds, as `(slot, name)` pairs in slot order:
    /// the game's own encoding names its values itself, the generic layout by path.
    pub(super) fn slot_names(&self) -> Vec<(usize, String)> {
        match &self.inner.shape().encoded {
            Some(names) => names.iter().cloned().enumerate().collect(),
            None => self.inner.shape().layout.describe(),
        }
    }

    /// The strings the generic layout's `$` slot `slot` knows, in the order of their numbers;
    /// None for any other slot, and for every slot of a game's own encoding (it has no strings).
    pub(super) fn slot_vocabulary(&self, slot: usize) -> Option<Vec<String>> {
        if self.inner.shape().encoded.is_some() {
            return None;
        }
        self.inner.shape().layout.vocabulary(slot)
    }
}
