# What the asadmin scripts of this directory share; sourced, not run.

asadmin=${ASADMIN:-asadmin}

# Whether an asadmin list command prints this exact line (a resource, a pool, an object).
listed() { $asadmin "$1" 2>/dev/null | grep -qx "$2"; }

# A value inside an asadmin --property list, with its \, : and = escaped.
escape() {
  local value=${1//\\/\\\\}
  value=${value//:/\\:}
  printf '%s' "${value//=/\\=}"
}

# Checks each connection the pool hands out with the driver's own Connection.isValid. Never with
# Payara's "auto-commit" method: it calls rollback() on a connection that is not in auto-commit
# mode, and should the pool ever check a connection that a transaction still holds, that rollback
# silently undoes the transaction's statements so far (an inbox row, say) while the transaction
# goes on and commits the rest. Set every time, so that re-running the script fixes an older pool.
validate_connections() {
  local pool=resources.jdbc-connection-pool.$1
  # One at a time, the switch last: Payara checks the pool after each.
  $asadmin set "$pool.connection-validation-method=custom-validation" >/dev/null
  $asadmin set \
    "$pool.validation-classname=org.glassfish.api.jdbc.validation.JDBC40ConnectionValidation" >/dev/null
  $asadmin set "$pool.is-connection-validation-required=true" >/dev/null
}

# Refuses a pool that is not XA: Payara's non-XA pool can give a handler's persistence unit a
# connection that another transaction holds (docs/payara.md#an-xa-pool-only).
require_xa_pool() {
  local type
  type=$($asadmin get "resources.jdbc-connection-pool.$1.res-type" | sed -n 's/^.*res-type=//p')
  if [ "$type" != javax.sql.XADataSource ]; then
    echo "The pool $1 is a ${type:-unknown} pool, not XA: the inbox takes only an XA pool on Payara" \
      "(docs/payara.md#an-xa-pool-only). Remove it (remove-datasource.sh) and run this script again." >&2
    exit 1
  fi
}
