// C++ boundary errors become the Python classes of dominosolver.errors (all ValueError subclasses).
#include "dominosolver/core/errors.hpp"

#include "bindings.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

bool python_signal_pending() {
  py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() != 0;
}

void errors(py::module_& m) {
  (void)m;
  // Work stopped by Ctrl-C: the KeyboardInterrupt that python_signal_pending raised is pending.
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    try {
      std::rethrow_exception(p);
    } catch (const Stopped&) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "stopped");
    }
  });
  py::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    auto raise = [](const char* name, const std::exception& e) {
      py::object cls = py::module_::import("dominosolver.errors").attr(name);
      PyErr_SetString(cls.ptr(), e.what());
    };
    try {
      std::rethrow_exception(p);
    } catch (const ParseError& e) {
      raise("ParseError", e);
    } catch (const InvalidViewError& e) {  // before its base class
      raise("InvalidViewError", e);
    } catch (const InvalidPositionError& e) {
      raise("InvalidPositionError", e);
    } catch (const IllegalMoveError& e) {
      raise("IllegalMoveError", e);
    }
  });
}

}  // namespace dominosolver::bind
