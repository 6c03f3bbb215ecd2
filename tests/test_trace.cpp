// Issue 20.
#include <gtest/gtest.h>
