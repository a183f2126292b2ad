// Streaming JPEG and PNG decoding and whole-image encoding over libjpeg-turbo and libpng.
//
// Both libraries report fatal errors by longjmp, which Swift cannot catch; these functions own the setjmp points,
// so a longjmp only ever unwinds library frames and the frames of this file, never a Swift frame. Decoded rows are
// handed to the caller one at a time (RGBA, 8 bits per channel, straight alpha), so no full-size bitmap is built
// here: the caller reduces each row as it arrives.
#ifndef STOREFRONT_IMAGE_CODECS_H
#define STOREFRONT_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Results of the functions below.
enum {
    IMAGE_CODECS_OK = 0,
    /// A callback refused the image (for instance its declared size is above the caller's cap).
    IMAGE_CODECS_REFUSED = 1,
    /// The bytes are not a valid image of the format; `message` says what the library found.
    IMAGE_CODECS_CORRUPT = 2,
    /// A valid image the streaming decoder does not handle (an interlaced PNG, a CMYK JPEG).
    IMAGE_CODECS_UNSUPPORTED = 3,
    /// malloc failed.
    IMAGE_CODECS_NO_MEMORY = 4,
};

/// What the decoder calls while it reads, in this order: `header` once, `begin` once, `row` once per output row.
typedef struct image_codecs_decode_callbacks {
    void *context;
    /// The declared size. For JPEG, return the scale numerator N (1...16) of the DCT scaling N/8 to decode at; for
    /// PNG return any positive value. Return 0 to refuse the image before anything is allocated.
    int (*header)(void *context, uint32_t width, uint32_t height);
    /// The size of the rows that follow (the scaled size for JPEG). Return 0 to continue, non-zero to refuse.
    int (*begin)(void *context, uint32_t width, uint32_t height);
    /// One row of `width` RGBA pixels, top to bottom; the buffer is only valid during the call.
    void (*row)(void *context, const uint8_t *rgba, uint32_t y);
} image_codecs_decode_callbacks;

/// Decodes a JPEG held in memory, calling `callbacks` as it goes. On failure writes a NUL-terminated message.
int image_codecs_decode_jpeg(const uint8_t *data, size_t length, const image_codecs_decode_callbacks *callbacks,
                             char *message, size_t message_capacity);

/// Decodes a non-interlaced PNG held in memory, calling `callbacks` as it goes (every color type and bit depth is
/// expanded to RGBA 8-bit). On failure writes a NUL-terminated message.
int image_codecs_decode_png(const uint8_t *data, size_t length, const image_codecs_decode_callbacks *callbacks,
                            char *message, size_t message_capacity);

/// Encodes `width` x `height` RGBA pixels as a baseline JPEG of `quality` (1...100); alpha is dropped. The caller
/// frees `*output` with `image_codecs_free`.
int image_codecs_encode_jpeg(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **output,
                             size_t *output_length, char *message, size_t message_capacity);

/// Encodes `width` x `height` RGBA pixels as a PNG with an alpha channel. The caller frees `*output` with
/// `image_codecs_free`.
int image_codecs_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **output,
                            size_t *output_length, char *message, size_t message_capacity);

/// Frees a buffer returned by an encoder.
void image_codecs_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
