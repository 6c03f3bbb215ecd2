// Every table's context menu offers CSV, tab-separated text, Markdown and HTML (issue 19).
#include <gtest/gtest.h>
