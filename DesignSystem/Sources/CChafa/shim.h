// chafa 1.12 (Debian libchafa-dev; its headers include glib's, from libglib2.0-dev).
#include <chafa.h>
