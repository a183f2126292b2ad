// libjpeg-turbo's libjpeg API (Debian libjpeg62-turbo-dev). jpeglib.h needs stdio.h and stddef.h first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
