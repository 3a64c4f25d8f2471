// libmicrohttpd's header needs the integer, size and socket types declared before it.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// MHD_get_connection_info is variadic, which Swift does not import: the client's address through a plain function.
// NULL when MHD does not know it. The address belongs to the connection (valid while it is open).
static inline const struct sockaddr *indoornav_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

// The connection's socket (-1 when MHD does not say), for closing a client that is too slow to send its request.
static inline int indoornav_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
