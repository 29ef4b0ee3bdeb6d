//! The learner's search trace (to be written).
