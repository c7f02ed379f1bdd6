package rowpage

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sync"
	"time"
)

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	unmarshalerType   = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	stringType        = reflect.TypeFor[string]()
	int64sType        = reflect.TypeFor[[]int64]()
	timePtrType       = reflect.TypeFor[*time.Time]()
	numberType        = reflect.TypeFor[json.Number]()
	rawMessageType    = reflect.TypeFor[json.RawMessage]()
)

// typeInfo caches what the encoder needs to know about a type to treat it
// as encoding/json does.
type typeInfo struct {
	kind      reflect.Kind
	marshaler bool // the type implements json.Marshaler
	addrMarsh bool // only *T implements json.Marshaler
	text      bool // the type implements encoding.TextMarshaler
	addrText  bool // only *T implements encoding.TextMarshaler
	byteSlice bool // a []byte-like slice that encoding/json writes as base64
	isTime    bool
	isNumber  bool
}

var typeInfos sync.Map // reflect.Type -> *typeInfo

func infoOf(t reflect.Type) *typeInfo {
	if ti, ok := typeInfos.Load(t); ok {
		return ti.(*typeInfo)
	}
	ti := &typeInfo{kind: t.Kind(), isTime: t == timeType, isNumber: t == numberType}
	ti.marshaler = t.Implements(marshalerType)
	ti.text = t.Implements(textMarshalerType)
	if t.Kind() != reflect.Pointer {
		pt := reflect.PointerTo(t)
		ti.addrMarsh = !ti.marshaler && pt.Implements(marshalerType)
		ti.addrText = !ti.text && pt.Implements(textMarshalerType)
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		pe := reflect.PointerTo(t.Elem())
		ti.byteSlice = !pe.Implements(marshalerType) && !pe.Implements(textMarshalerType)
	}
	v, _ := typeInfos.LoadOrStore(t, ti)
	return v.(*typeInfo)
}

// usesMarshaler reports whether encoding/json would call MarshalJSON for v.
func (ti *typeInfo) usesMarshaler(v reflect.Value) bool {
	return ti.marshaler || ti.addrMarsh && v.CanAddr()
}

// usesText reports whether encoding/json would call MarshalText for v
// (only asked after usesMarshaler said no).
func (ti *typeInfo) usesText(v reflect.Value) bool {
	return ti.text || ti.addrText && v.CanAddr()
}
