#pragma once

// Core's sentences go through Qt's translation like the window's. Core has no QObject classes,
// so a file declares a free tr() with PIPEPLAN_TR_CONTEXT in the namespace its sentences are
// made in. lupdate files a free tr() call under the innermost named namespace (or class) around
// it, so the context named here must be that namespace, spelt in full: the pseudo-locale's tests
// find any sentence looked up under another name, for it stays unmarked.

#include <QCoreApplication>
#include <QString>

// Plural texts pass the count third, as QObject::tr takes it, so lupdate marks them numerus:
// tr("%n worker(s)", nullptr, format::numerus(n)).
#define PIPEPLAN_TR_CONTEXT(context)                                                               \
    [[maybe_unused]] static QString tr(const char *source, const char *disambiguation = nullptr,   \
                                       int n = -1)                                                 \
    {                                                                                              \
        return QCoreApplication::translate(context, source, disambiguation, n);                    \
    }
