#include "ui/project/riskcharts.h"
