# One INTERFACE target carries the language standard, warnings and Qt defines for every target.
add_library(pipeplan_options INTERFACE)
target_compile_features(pipeplan_options INTERFACE cxx_std_20)
target_compile_options(pipeplan_options INTERFACE -Wall -Wextra -Wpedantic)
if(PIPEPLAN_WERROR)
    target_compile_options(pipeplan_options INTERFACE -Werror)
endif()
target_compile_definitions(pipeplan_options INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    PIPEPLAN_VERSION="${PROJECT_VERSION}"
    PIPEPLAN_APP_ID="${PIPEPLAN_APP_ID}")
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

# Test code needs no optimisation: -O0 halves its compile time (the code under test, in the
# libraries, keeps the build type's flags). Benchmarks are not tests and keep them too.
add_library(pipeplan_test_options INTERFACE)
target_compile_options(pipeplan_test_options INTERFACE $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-O0>)

# Every compile goes through ccache when it is installed (packaging/ccache-compile.sh: one cache
# for every preset of the checkout, and -Werror still fails on a cached warning).
option(PIPEPLAN_CCACHE "Compile through ccache when it is installed" ON)
if(PIPEPLAN_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    find_program(PIPEPLAN_CCACHE_PROGRAM ccache)
    if(PIPEPLAN_CCACHE_PROGRAM)
        set(CMAKE_CXX_COMPILER_LAUNCHER sh ${PROJECT_SOURCE_DIR}/packaging/ccache-compile.sh
                                        ${PROJECT_SOURCE_DIR})
    endif()
endif()
