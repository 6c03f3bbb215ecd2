cmake_minimum_required(VERSION 3.25)

# The user guide's screenshots (docs/guide/img/), rendered by the built window so they never go
# stale. Run as a script:
#
#   cmake -DPIPEPLAN=path/to/pipeplan -DSOURCE_DIR=path/to/source -DOUTPUT_DIR=dir
#         [-DONLY=name] [-DPNGCHECK=path/to/pipeplan-pngcheck] -P ManualScreenshots.cmake
#
# The `manual-screenshots` target writes every shot into the source tree; the ctest
# `manual_screenshot_command` renders one into the build tree, so the command line below cannot
# drift from what pipeplan accepts. A shot fails when pipeplan exits non-zero or warns about its
# arguments (an unknown --view, --workspace or --set key only warns), or when PNGCHECK finds the
# picture blank.

foreach(required PIPEPLAN SOURCE_DIR OUTPUT_DIR)
    if(NOT DEFINED ${required})
        message(FATAL_ERROR "ManualScreenshots.cmake: -D${required}=... is required")
    endif()
endforeach()

# Relative to SOURCE_DIR, where pipeplan runs: the status bar shows the path opened.
set(presets "resources/presets")
set(scenarios "docs/guide/scenarios")

# Seed 000's job with an accelerator, 0.01 % serial work and a one-hour deadline: a plan that
# misses, which each lever alone and two together can bring within it.
set(levers "--default|--set|goal.deadline_s=3600|--set|workload.accelerator_latency_ms=10")
string(APPEND levers "|--set|workload.parallel_fraction=0.9999")
set(tail "${presets}/feature-store-cap.json|--set|goal.trials=50|--workspace|tail")
set(project "${presets}/project-forecast.json|--workspace|project")

# One shot a line: the PNG's name, then pipeplan's arguments, all separated by |. Every shot is
# 1366x768, the smallest laptop screen the window is laid out for, in the light theme unless it
# says. Offscreen renders the same pixels as a display and needs none, except that it leaves a
# dock widget out of the grab: a shot marked `xvfb` (the docked Getting Started guide) runs under
# xvfb-run when it is installed. The tail's goal seek simulates 50 trials instead of the preset's
# 200 so that the shot is taken once the simulation has answered, on a loaded machine too.
set(shots
    "model|--default"
    "model-show-how|--default|--view|show-how"
    "getting-started|xvfb|--default|--view|getting-started"
    "model-what-it-takes|${levers}|--view|what-it-takes"
    "model-two-levers|${levers}|--view|two-levers"
    "model-options|${scenarios}/nightly-options.pipeplan.json|--view|options"
    "tail|${tail}"
    "tail-spread|${tail}|--set|overheads.shared_cap_per_s=30000..50000|--view|spread"
    "training|${presets}/training-schedules.json|--workspace|training"
    "project|${project}"
    "project-gantt|${project}|--view|gantt"
    "project-tornado|${project}|--view|tornado"
    "project-burnup|${project}|--view|burnup"
    "measured|${presets}/measured-specsdm91.json|--workspace|measured"
    "hardware|${presets}/embedding-h100.json|--workspace|hardware"
    "presentation|--default|--presentation"
    "dark|--default|--theme|dark")

# pipeplan runs in SOURCE_DIR: paths given relative to where cmake runs are made absolute first.
cmake_path(ABSOLUTE_PATH OUTPUT_DIR NORMALIZE)
cmake_path(ABSOLUTE_PATH PIPEPLAN NORMALIZE)
file(MAKE_DIRECTORY "${OUTPUT_DIR}")
set(found FALSE)
foreach(shot IN LISTS shots)
    string(REPLACE "|" ";" parts "${shot}")
    list(POP_FRONT parts name)
    if(DEFINED ONLY AND NOT ONLY STREQUAL "" AND NOT name STREQUAL ONLY)
        continue()
    endif()
    set(found TRUE)
    set(launcher "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen)
    if("${parts}" MATCHES "^xvfb;")
        list(POP_FRONT parts)
        find_program(XVFB_RUN xvfb-run)
        if(XVFB_RUN)
            set(launcher "${XVFB_RUN}" -a)
        else()
            message(WARNING "${name}: xvfb-run is not installed; offscreen leaves the dock out")
        endif()
    endif()
    set(theme --theme light)
    if("--theme" IN_LIST parts)
        set(theme "")
    endif()
    set(png "${OUTPUT_DIR}/${name}.png")
    file(REMOVE "${png}")
    execute_process(
        COMMAND ${launcher} "${PIPEPLAN}" ${parts} ${theme}
                --screenshot "${png}" --screenshot-size 1366x768
        WORKING_DIRECTORY "${SOURCE_DIR}"
        RESULT_VARIABLE status
        ERROR_VARIABLE errors
        OUTPUT_QUIET)
    if(NOT status EQUAL 0 OR NOT EXISTS "${png}")
        message(FATAL_ERROR "${name}: pipeplan exited with ${status}:\n${errors}")
    endif()
    if(errors MATCHES "pipeplan: ")
        message(FATAL_ERROR "${name}: pipeplan refused an argument:\n${errors}")
    endif()
    if(DEFINED PNGCHECK AND NOT PNGCHECK STREQUAL "")
        execute_process(
            COMMAND "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen "${PNGCHECK}" "${png}"
            RESULT_VARIABLE status)
        if(NOT status EQUAL 0)
            message(FATAL_ERROR "${name}: ${png} is blank")
        endif()
    endif()
    message(STATUS "${png}")
endforeach()
if(NOT found)
    message(FATAL_ERROR "ManualScreenshots.cmake: no shot is named '${ONLY}'")
endif()
