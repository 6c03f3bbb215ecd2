#include "ui/widgets/wraplabel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontMetrics>
#include <QPainter>

#include <climits>

namespace pipeplan {

WrapLabel::WrapLabel(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    auto *copy = new QAction(tr("Copy"), this);
    connect(copy, &QAction::triggered, this,
            [this]() { QApplication::clipboard()->setText(m_text); });
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

int WrapLabel::heightForWidth(int width) const
{
    if (m_text.isEmpty())
        return 0;
    return fontMetrics()
        .boundingRect(QRect(0, 0, std::max(width, 1), INT_MAX), Qt::TextWordWrap, m_text)
        .height();
}

QSize WrapLabel::sizeHint() const
{
    const int width = std::max(this->width(), 200);
    return {width, heightForWidth(width)};
}

QSize WrapLabel::minimumSizeHint() const
{
    return {0, fontMetrics().height()};
}

void WrapLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    setAccessibleDescription(text);
    refit();
    update();
}

void WrapLabel::refit()
{
    // Only a new wrapped height asks the layout; new numbers on the same lines just repaint.
    const int height = heightForWidth(width());
    if (height != m_height) {
        m_height = height;
        updateGeometry();
    }
}

void WrapLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(foregroundRole()));
    painter.drawText(rect(), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, m_text);
}

void WrapLabel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_height = heightForWidth(width());
        updateGeometry();
    }
}

void WrapLabel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    refit();
}

} // namespace pipeplan
