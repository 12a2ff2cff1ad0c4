# The release file of the WebAssembly module (docs/javascript.md, "Installing it"): an npm package
# (a gzipped tar whose folder package/ holds the files package.json lists), written with no network
# by `cmake --build build/wasm --target wasm-package` as build/wasm/dominosolver-<version>.tgz.
# Run by that target: cmake -DJS_DIR=... -DOUT=... -DVERSION=... -P wasm/package.cmake
foreach(var JS_DIR OUT VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "wasm/package.cmake needs -D${var}=...")
  endif()
endforeach()
set(STAGE ${OUT}/package-stage)
file(REMOVE_RECURSE ${STAGE})
file(MAKE_DIRECTORY ${STAGE}/package)
# The files package.json lists (its "files"), and package.json itself: nothing else of the folder.
file(READ ${JS_DIR}/package.json manifest)
string(REGEX MATCH "\"files\": *\\[([^]]*)\\]" _ "${manifest}")
string(REGEX MATCHALL "\"[^\"]+\"" files "${CMAKE_MATCH_1}")
string(REPLACE "\"" "" files "${files}")
if(NOT files)
  message(FATAL_ERROR "${JS_DIR}/package.json lists no files")
endif()
foreach(file package.json ${files})
  if(NOT EXISTS ${JS_DIR}/${file})
    message(FATAL_ERROR "${JS_DIR}/${file} is missing: build the target dominosolver_wasm first")
  endif()
  file(COPY ${JS_DIR}/${file} DESTINATION ${STAGE}/package)
endforeach()
set(TGZ ${OUT}/dominosolver-${VERSION}.tgz)
file(REMOVE ${TGZ})
# npm's own fixed date for its packages' entries: the same files give the same archive.
execute_process(COMMAND ${CMAKE_COMMAND} -E tar czf ${TGZ} --format=gnutar "--mtime=1985-10-26 08:15:00 UTC" package
                WORKING_DIRECTORY ${STAGE} RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "could not write ${TGZ}")
endif()
file(REMOVE_RECURSE ${STAGE})
message(STATUS "wrote ${TGZ}")
