//! `ayla._ayla`: the extension module of the Python package `ayla`.
//!
//! A thin layer: every rule and verdict is the library's, and this file
//! only turns its values into Python ones. What reads better in Python
//! (DataFrames, notebook display) lives in python/ayla/.

use ayla::rules::{self, LoadError, Rules as RulesModel, Selection};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::Path;

create_exception!(
    _ayla,
    RulesError,
    PyValueError,
    "A rule file or variant name that cannot be used.\n\n\
     `str(e)` is the report `ayla rules validate` prints; `e.problems` lists\n\
     each problem as a dict with `file`, `line`, `column` (1-based), `key`\n\
     (the dotted rule key, or '' for a TOML syntax error) and `message`."
);

/// The error of loading rules, as a `RulesError` carrying every problem.
fn rules_error(py: Python<'_>, e: &LoadError) -> PyErr {
    let err = RulesError::new_err(e.to_string());
    let problems = PyList::empty(py);
    if let LoadError::Invalid(all) = e {
        for p in all {
            let d = PyDict::new(py);
            // Setting plain values on a fresh dict cannot fail.
            let _ = d.set_item("file", &p.file);
            let _ = d.set_item("line", p.line);
            let _ = d.set_item("column", p.column);
            let _ = d.set_item("key", &p.key);
            let _ = d.set_item("message", &p.message);
            let _ = problems.append(d);
        }
    }
    let _ = err.value(py).setattr("problems", problems);
    err
}

/// The rules of one variant: a bundled game or a rule file, under a
/// choice of readings.
#[pyclass(module = "ayla._ayla", name = "Rules", frozen)]
struct Rules {
    rules: RulesModel,
}

#[pymethods]
impl Rules {
    /// Loads a bundled variant by id (`"kpe"`) or a rule file by path, with
    /// some open points read as other alternatives than their defaults
    /// (`readings={"skip-origin": "skip"}`); a relative path is read from
    /// `base` (default: the current directory).
    #[staticmethod]
    #[pyo3(signature = (name, readings = None, base = None))]
    fn load(
        py: Python<'_>,
        name: &str,
        readings: Option<Selection>,
        base: Option<&str>,
    ) -> PyResult<Rules> {
        let sel = readings.unwrap_or_default();
        let base = Path::new(base.unwrap_or(""));
        rules::resolve_with(name, base, &sel)
            .map(|rules| Rules { rules })
            .map_err(|e| rules_error(py, &e))
    }

    /// Rules from the text of a rule file; `file` names it in errors.
    #[staticmethod]
    #[pyo3(signature = (text, file = "<text>"))]
    fn parse(py: Python<'_>, text: &str, file: &str) -> PyResult<Rules> {
        rules::parse(file, text)
            .map(|rules| Rules { rules })
            .map_err(|e| rules_error(py, &e))
    }

    /// The variant's id (`variant.id`).
    #[getter]
    fn id(&self) -> &str {
        &self.rules.provenance().id
    }

    /// The variant's display name.
    #[getter]
    fn name(&self) -> &str {
        &self.rules.provenance().name
    }

    /// One line on what sets the variant apart, if the file gives one.
    #[getter]
    fn summary(&self) -> Option<&str> {
        self.rules.provenance().summary.as_deref()
    }

    /// The rules in plain English, as `ayla rules show` prints them.
    fn show(&self) -> String {
        rules::describe::show(&self.rules)
    }

    /// The open points: a list of dicts with `name`, `point`, `reason`,
    /// `default`, `chosen` (the alternative in force) and `alternatives`
    /// (name to the keys it sets, values as TOML text).
    fn readings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for r in self.rules.readings() {
            let d = PyDict::new(py);
            d.set_item("name", &r.name)?;
            d.set_item("point", &r.point)?;
            d.set_item("reason", &r.reason)?;
            d.set_item("default", &r.default)?;
            d.set_item("chosen", &r.chosen)?;
            let alts = PyDict::new(py);
            for a in &r.alternatives {
                let keys = PyDict::new(py);
                for (k, v) in &a.overrides {
                    keys.set_item(k, v)?;
                }
                alts.set_item(&a.name, keys)?;
            }
            d.set_item("alternatives", alts)?;
            list.append(d)?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        let chosen: Vec<String> = self
            .rules
            .readings()
            .iter()
            .filter(|r| r.chosen != r.default)
            .map(|r| format!("{}={}", r.name, r.chosen))
            .collect();
        if chosen.is_empty() {
            format!("<Rules {}>", self.id())
        } else {
            format!("<Rules {} ({})>", self.id(), chosen.join(", "))
        }
    }
}

/// The ids of the bundled variants, in `ayla rules list` order.
#[pyfunction]
fn bundled() -> Vec<&'static str> {
    rules::BUNDLED.iter().map(|(id, _, _)| *id).collect()
}

#[pymodule]
fn _ayla(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add_class::<Rules>()?;
    m.add_function(wrap_pyfunction!(bundled, m)?)?;
    Ok(())
}
