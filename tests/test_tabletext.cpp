// Tables that paste anywhere (issue 19): Markdown and HTML copies parse back to the same cells.
#include "core/base/tabletext.h"

#include <gtest/gtest.h>
