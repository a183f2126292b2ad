#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

static void copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) {
        return;
    }
    snprintf(message, capacity, "%s", text);
}

// MARK: - JPEG

typedef struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t capacity;
} jpeg_failure;

static void jpeg_fail(j_common_ptr info) {
    jpeg_failure *failure = (jpeg_failure *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    copy_message(failure->message, failure->capacity, text);
    longjmp(failure->jump, 1);
}

// Warnings (corrupt data, a premature end of the file) are fatal: a picture with grey bands is not shown.
static void jpeg_message(j_common_ptr info, int level) {
    if (level < 0) {
        jpeg_fail(info);
    }
}

// Routes libjpeg's errors and warnings to `failure` (the caller sets its jump point right after).
static struct jpeg_error_mgr *jpeg_failure_install(jpeg_failure *failure, char *message, size_t capacity) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&failure->manager);
    failure->manager.error_exit = jpeg_fail;
    failure->manager.emit_message = jpeg_message;
    failure->message = message;
    failure->capacity = capacity;
    return manager;
}

int image_codecs_decode_jpeg(const uint8_t *data, size_t length, const image_codecs_decode_callbacks *callbacks,
                             char *message, size_t message_capacity) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    uint8_t *volatile row = NULL;
    volatile int result = IMAGE_CODECS_OK;

    memset(&info, 0, sizeof info);
    info.err = jpeg_failure_install(&failure, message, message_capacity);
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        free(row);
        return result == IMAGE_CODECS_OK ? IMAGE_CODECS_CORRUPT : result;
    }
    jpeg_create_decompress(&info);
    if (length == 0) {
        copy_message(message, message_capacity, "empty input");
        jpeg_destroy_decompress(&info);
        return IMAGE_CODECS_CORRUPT;
    }
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    int numerator = callbacks->header(callbacks->context, info.image_width, info.image_height);
    if (numerator <= 0) {
        jpeg_destroy_decompress(&info);
        return IMAGE_CODECS_REFUSED;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        copy_message(message, message_capacity, "CMYK JPEG");
        jpeg_destroy_decompress(&info);
        return IMAGE_CODECS_UNSUPPORTED;
    }
    info.scale_num = (unsigned int)(numerator > 16 ? 16 : numerator);
    info.scale_denom = 8;
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if (callbacks->begin(callbacks->context, info.output_width, info.output_height) != 0) {
        jpeg_destroy_decompress(&info);
        return IMAGE_CODECS_REFUSED;
    }
    row = malloc((size_t)info.output_width * 4);
    if (row == NULL) {
        jpeg_destroy_decompress(&info);
        return IMAGE_CODECS_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        uint32_t y = info.output_scanline;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            copy_message(message, message_capacity, "no scanline read");
            result = IMAGE_CODECS_CORRUPT;
            break;
        }
        callbacks->row(callbacks->context, row, y);
    }
    if (result == IMAGE_CODECS_OK) {
        jpeg_finish_decompress(&info);
    }
    jpeg_destroy_decompress(&info);
    free(row);
    return result;
}

int image_codecs_encode_jpeg(const uint8_t *rgba, uint32_t width, uint32_t height, int quality, uint8_t **output,
                             size_t *output_length, char *message, size_t message_capacity) {
    struct jpeg_compress_struct info;
    jpeg_failure failure;
    unsigned char *destination = NULL;
    unsigned long size = 0;

    memset(&info, 0, sizeof info);
    info.err = jpeg_failure_install(&failure, message, message_capacity);
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(destination);
        return IMAGE_CODECS_CORRUPT;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &destination, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = {(JSAMPROW)(rgba + (size_t)info.next_scanline * width * 4)};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = destination;
    *output_length = (size_t)size;
    return IMAGE_CODECS_OK;
}

// MARK: - PNG

typedef struct png_source {
    const uint8_t *data;
    size_t length;
    size_t offset;
} png_source;

typedef struct png_failure {
    char *message;
    size_t capacity;
} png_failure;

static void png_fail(png_structp png, png_const_charp text) {
    png_failure *failure = (png_failure *)png_get_error_ptr(png);
    copy_message(failure->message, failure->capacity, text);
    png_longjmp(png, 1);
}

static void png_warn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void png_read_memory(png_structp png, png_bytep destination, size_t count) {
    png_source *source = (png_source *)png_get_io_ptr(png);
    if (source->length - source->offset < count) {
        png_error(png, "unexpected end of the file");
    }
    memcpy(destination, source->data + source->offset, count);
    source->offset += count;
}

int image_codecs_decode_png(const uint8_t *data, size_t length, const image_codecs_decode_callbacks *callbacks,
                            char *message, size_t message_capacity) {
    png_failure failure = {message, message_capacity};
    png_source source = {data, length, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, png_fail, png_warn);
    if (png == NULL) {
        return IMAGE_CODECS_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return IMAGE_CODECS_NO_MEMORY;
    }
    uint8_t *volatile row = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(row);
        return IMAGE_CODECS_CORRUPT;
    }
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        png_error(png, "not a PNG signature");
    }
    png_set_read_fn(png, &source, png_read_memory);
    png_read_info(png, info);
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    int depth = 0;
    int color = 0;
    int interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    if (callbacks->header(callbacks->context, width, height) <= 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGE_CODECS_REFUSED;
    }
    if (interlace != PNG_INTERLACE_NONE) {
        copy_message(message, message_capacity, "interlaced PNG (Adam7) cannot be reduced row by row");
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGE_CODECS_UNSUPPORTED;
    }
    if (color == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
    }
    if (depth == 16) {
        png_set_strip_16(png);
    }
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_read_update_info(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    if (row_bytes != (size_t)width * 4) {
        png_error(png, "unexpected row layout after expansion to RGBA");
    }
    if (callbacks->begin(callbacks->context, width, height) != 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGE_CODECS_REFUSED;
    }
    row = malloc(row_bytes);
    if (row == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGE_CODECS_NO_MEMORY;
    }
    for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        callbacks->row(callbacks->context, row, y);
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    return IMAGE_CODECS_OK;
}

int image_codecs_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **output,
                            size_t *output_length, char *message, size_t message_capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) {
        copy_message(message, message_capacity, image.message);
        png_image_free(&image);
        return IMAGE_CODECS_CORRUPT;
    }
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) {
        png_image_free(&image);
        return IMAGE_CODECS_NO_MEMORY;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        copy_message(message, message_capacity, image.message);
        png_image_free(&image);
        free(buffer);
        return IMAGE_CODECS_CORRUPT;
    }
    *output = buffer;
    *output_length = (size_t)size;
    return IMAGE_CODECS_OK;
}

void image_codecs_free(void *pointer) { free(pointer); }
