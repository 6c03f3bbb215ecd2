// The trace import dialog (issue 20).
#include <gtest/gtest.h>
