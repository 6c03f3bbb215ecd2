# cmake -DLUPDATE=… -DSOURCE_DIR=… -DLIST=sources.lst -DTS=out.ts -P Lupdate.cmake
# Runs lupdate over the sources into a fresh .ts. Core's free tr() functions draw lupdate's
# "lacks Q_OBJECT macro" note on every namespace that has one (core/base/translate.h says why);
# any other warning (a tr() without a context, an unknown class) fails the build, for the
# sentence it names would never be translated.
file(REMOVE ${TS})
execute_process(COMMAND ${LUPDATE} -silent -locations none -I ${SOURCE_DIR} @${LIST} -ts ${TS}
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
string(REGEX REPLACE "[^\n]*lacks Q_OBJECT macro\n" "" rest "${output}")
string(STRIP "${rest}" rest)
if(NOT result EQUAL 0 OR NOT rest STREQUAL "" OR NOT EXISTS ${TS})
    message(FATAL_ERROR "lupdate: ${rest}")
endif()
