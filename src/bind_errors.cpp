// C++ boundary errors become the Python classes of dominosolver.errors (all ValueError subclasses).
#include "dominosolver/core/errors.hpp"

#include "bindings.hpp"

namespace py = pybind11;

namespace dominosolver::bind {

void errors(py::module_& m) {
  (void)m;
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
