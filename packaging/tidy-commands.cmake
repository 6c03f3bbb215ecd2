# Reads a compile_commands.json and writes, for each entry, one line for packaging/clang-tidy.sh:
#   FILE <tab> DIRECTORY <tab> COMMAND <tab> PREPROCESS
# PREPROCESS is COMMAND turned into "preprocess to stdout" (-E instead of -c, no -o, no
# dependency file): the preprocessed text is part of the key of clang-tidy's cache of passes.
#
#   cmake -DCOMPILE_COMMANDS=build-ci/compile_commands.json -DOUTPUT=commands.tsv -P tidy-commands.cmake
file(READ "${COMPILE_COMMANDS}" json)
string(JSON count LENGTH "${json}")
set(lines "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
    string(JSON file GET "${json}" ${i} file)
    string(JSON directory GET "${json}" ${i} directory)
    string(JSON command GET "${json}" ${i} command)
    set(preprocess " ${command} ")
    string(REGEX REPLACE " -MT [^ ]+ " " " preprocess "${preprocess}")
    string(REGEX REPLACE " -MF [^ ]+ " " " preprocess "${preprocess}")
    string(REGEX REPLACE " -o [^ ]+ " " " preprocess "${preprocess}")
    string(REGEX REPLACE " -MD " " " preprocess "${preprocess}")
    string(REGEX REPLACE " -c " " -E " preprocess "${preprocess}")
    string(STRIP "${preprocess}" preprocess)
    string(APPEND lines "${file}\t${directory}\t${command}\t${preprocess}\n")
endforeach()
file(WRITE "${OUTPUT}" "${lines}")
