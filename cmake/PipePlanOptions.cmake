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
