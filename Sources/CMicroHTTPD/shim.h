// libmicrohttpd's header needs the integer, size and socket types declared before it.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>
