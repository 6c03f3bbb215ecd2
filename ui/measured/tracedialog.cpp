#include "ui/measured/tracedialog.h"

#include "ui/document/scenariodocument.h"

namespace pipeplan {

TraceDialog::TraceDialog(ScenarioDocument *document, QWidget *parent) : QDialog(parent)
{
    Q_UNUSED(document);
}

TraceDialog::~TraceDialog() = default;

void TraceDialog::load(const QString &path)
{
    Q_UNUSED(path);
}

} // namespace pipeplan
