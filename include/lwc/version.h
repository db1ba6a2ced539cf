/* lwc: the library's version (semantic versioning), equal to the file VERSION, the Arduino
 * and PlatformIO manifests and the Python package (a test of make test checks). */
#ifndef LWC_VERSION_H
#define LWC_VERSION_H

#define LWC_VERSION_MAJOR 0
#define LWC_VERSION_MINOR 1
#define LWC_VERSION_PATCH 0
#define LWC_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/* LWC_VERSION_STRING of the library that was linked (the header's may be another). */
const char *lwc_version(void);

#ifdef __cplusplus
}
#endif

#endif
