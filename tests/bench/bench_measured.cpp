// Issue 20: BM_Fit and BM_TraceImport.
#include <benchmark/benchmark.h>
