/// The calendar client an event looks exported from: it decides UID shape, parameter
/// quoting, vendor X- properties, alarms and conference text.
enum ClientFlavor { case google, outlook, apple }
