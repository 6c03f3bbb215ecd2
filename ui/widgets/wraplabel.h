#pragma once

#include <QString>
#include <QWidget>

namespace pipeplan {

/// A word-wrapped line of text that changes on every slider tick (the headline's verdict and
/// its spread over the ranges) without re-laying out the window: unlike a word-wrapped QLabel,
/// whose every new text asks its layout again, it asks only when the wrapped height changes,
/// and it paints the text itself (no QTextDocument per text). Right-click copies it.
class WrapLabel : public QWidget
{
    Q_OBJECT
public:
    explicit WrapLabel(QWidget *parent = nullptr);
    void setText(const QString &text);
    QString text() const { return m_text; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Asks the layout again when the text's wrapped height at the current width changed.
    void refit();

    QString m_text;
    int m_height = 0; ///< the wrapped height at the current width, as last laid out
};

} // namespace pipeplan
